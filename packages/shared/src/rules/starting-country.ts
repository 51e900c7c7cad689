/**
 * The country a new account and an empty location form start with: the visitor's guessed
 * (geoip) country when the site operates there, else the first country it operates in. The
 * server answers it as `settings.geoip_selected_country`; the forms fall back to it when the
 * member has no country yet. The console requires at least one country, so there is one.
 */
export function startingCountry<C extends string>(
  countries: readonly C[],
  guess: string | null | undefined,
): C {
  const found = countries.find((country) => country === guess);
  return found ?? (countries[0] as C);
}
