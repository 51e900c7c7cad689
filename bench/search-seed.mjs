// Fictional members for the search benchmarks (docs/decisions/009), seeded with SQL in a
// few set-based statements: far faster than the demo seeder, which draws photos.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { allRegions } from '../apps/server/dist/modules/geo/regions.js';
// Country shares as in the demo seeder: by the square root of the population.
import { POPULATION_M } from '../apps/server/dist/modules/seed/seed-members.js';

/** A thousand country slots, each country by its share: a random slot is a weighted pick. */
function countrySlots() {
  const total = Object.values(POPULATION_M).reduce((sum, p) => sum + Math.sqrt(p), 0);
  return Object.entries(POPULATION_M).flatMap(([country, p]) =>
    Array.from({ length: Math.round((Math.sqrt(p) / total) * 1000) }, () => country),
  );
}

async function timed(label, run) {
  const start = performance.now();
  await run();
  console.log(`  ${label.padEnd(34)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

/** N fictional members in a few set-based statements; the triggers fill search_profiles. */
export async function seed(db, n) {
  const regions = Object.fromEntries(
    Object.entries(allRegions()).map(([country, list]) => [country, list.map((r) => r.id)]),
  );
  await timed(`members (${n.toLocaleString('en')})`, () =>
    sql`
      insert into members (email, status, activated_at, signup_date, last_active_at, fictional)
      select 'bench-' || g || '@bench.invalid',
             case when g % 97 = 0 then 'deleted' when g % 101 = 0 then 'banned' else 'active' end,
             case when g % 53 = 0 then null else now() - interval '1 day' end,
             now() - interval '3 years' + g * (interval '3 years' / ${n}::int),
             now() - random() * interval '180 days',
             true
      from generate_series(1, ${n}::int) g
    `.execute(db),
  );
  await timed('profiles (and search_profiles)', () =>
    sql`
      with picked as (
        select id, ${JSON.stringify(countrySlots())}::jsonb ->> floor(random() * 1000)::int as country
        from members where email like 'bench-%'
      )
      insert into profiles (member_id, name, gender, date_of_birth, country, countryregion,
                            city, language, notes)
      select id, 'Bench ' || id,
             case when id % 89 = 0 then null when random() < 0.5 then 'female' else 'male' end,
             case when id % 83 = 0 then null
                  else current_date - (18 * 365 + floor(random() * 62 * 365))::int end,
             country,
             ${JSON.stringify(regions)}::jsonb -> country
               ->> floor(random() * jsonb_array_length(${JSON.stringify(regions)}::jsonb -> country))::int,
             'Benchville', 'en', '{"personal":"Hello from the benchmark"}'::jsonb
      from picked
    `.execute(db),
  );
  await timed('photos (70 %)', () =>
    sql`
      insert into images (member_id, filename, thumb_filename, position)
      select member_id, 'bench.webp', 'bench-thumb.webp', 0
      from profiles where name like 'Bench %' and random() < 0.7
    `.execute(db),
  );
  await timed('vacuum analyze', () => sql`vacuum analyze`.execute(db));
}
