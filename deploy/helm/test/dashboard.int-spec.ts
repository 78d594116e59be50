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

  it('has unique panel ids and one stable uid', () => {
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(dashboard.uid).toBe('greetboard');
  });
});
