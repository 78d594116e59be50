// npm run dashboard: writes the dashboard JSON the Helm chart ships.
import { writeFileSync } from 'node:fs';
import { dashboardJson } from './dashboard.ts';

const target = new URL('../helm/greetboard/files/greetboard-dashboard.json', import.meta.url);
writeFileSync(target, dashboardJson());
process.stdout.write(`Wrote ${target.pathname}\n`);
