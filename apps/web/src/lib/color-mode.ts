/** Bootstrap's light or dark colour mode, following the system setting (UI.md). */
export function followSystemColorMode() {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () =>
    document.documentElement.setAttribute('data-bs-theme', query.matches ? 'dark' : 'light');
  apply();
  query.addEventListener('change', apply);
}
