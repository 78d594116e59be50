import { describe, expect, it } from '@jest/globals';
import { buildDashboard } from '../../grafana/dashboard.js';

interface Panel {
  id?: number;
  type: string;
  title?: string;
  datasource?: { uid?: string };
  fieldConfig?: { defaults?: { unit?: string } };
  targets?: { expr?: string; refId?: string }[];
}

describe('the Grafana dashboard', () => {
  const dashboard = buildDashboard() as unknown as { panels: Panel[]; uid: string };
  const panels = dashboard.panels.filter((panel) => panel.type !== 'row');

  it('gives every panel a title, a unit and a Prometheus query', () => {
    expect(panels.length).toBeGreaterThanOrEqual(20);
    for (const panel of panels) {
      expect(panel.title).toMatch(/\S/);
      expect({ panel: panel.title, unit: panel.fieldConfig?.defaults?.unit }).toEqual({
        panel: panel.title,
        unit: expect.stringMatching(/\S/),
      });
      expect(panel.datasource?.uid).toBe('${datasource}');
      expect(panel.targets?.length).toBeGreaterThan(0);
      for (const target of panel.targets ?? [])
        expect(target.expr).toMatch(/greetboard_|process_|nodejs_/);
    }
  });

  it('shows one installation: every series selector carries the namespace and installation', () => {
    const variables = (dashboard as unknown as { templating: { list: { name: string }[] } })
      .templating.list;
    expect(variables.map((variable) => variable.name)).toEqual([
      'datasource',
      'namespace',
      'installation',
    ]);
    for (const panel of panels) {
      for (const target of panel.targets ?? []) {
        const selectors = [
          ...(target.expr ?? '').matchAll(/(?:greetboard|process|nodejs)_[a-z0-9_]+(\{[^}]*\})?/g),
        ];
        for (const [selector, labels] of selectors)
          expect({ selector, labels }).toEqual({
            selector,
            labels: expect.stringContaining(
              'namespace=~"$namespace", installation=~"$installation"',
            ),
          });
      }
    }
  });

  it('has panels for readiness, dependencies and the line-to-screen time', () => {
    const queries = panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
    for (const metric of [
      'greetboard_ready',
      'greetboard_dependency_up',
      'greetboard_chat_line_to_socket_seconds_bucket',
    ])
      expect(queries.some((expr) => expr?.includes(`${metric}{`))).toBe(true);
  });

  it('has unique panel ids and one stable uid', () => {
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(dashboard.uid).toBe('greetboard');
  });
});
