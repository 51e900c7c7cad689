import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seriesNames } from '../apps/server/src/lib/metrics.js';

const dashboard = JSON.parse(
  readFileSync(new URL('../docs/ops/grafana-dashboard.json', import.meta.url), 'utf8'),
) as { panels: Array<{ title: string; targets: Array<{ expr: string }> }> };

/** The series a PromQL expression reads (histograms by their _bucket/_count/_sum samples). */
function seriesOf(expr: string): string[] {
  return [...expr.matchAll(/\b((?:amora|process|nodejs)_[a-z0-9_]+)/g)].map((m) =>
    (m[1] ?? '').replace(/_(bucket|count|sum|total)$/, ''),
  );
}

describe('docs/ops/grafana-dashboard.json', () => {
  it('names only series the server exports, and every amora series has a panel', async () => {
    const names = new Set((await seriesNames()).map((n) => n.replace(/_total$/, '')));
    const used = dashboard.panels.flatMap((p) => p.targets.flatMap((t) => seriesOf(t.expr)));
    for (const name of used) expect(names, `${name} in the dashboard`).toContain(name);
    for (const name of names)
      if (name.startsWith('amora_')) expect(used, `${name} on no panel`).toContain(name);
  });
});
