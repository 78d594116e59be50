import { runMigrationsMain } from '@greetboard/service-kit';
import { STATS_DATABASE } from '../database/stats-database.js';

runMigrationsMain('stats', STATS_DATABASE);
