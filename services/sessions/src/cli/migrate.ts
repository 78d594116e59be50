import { runMigrationsMain } from '@greetboard/service-kit';
import { SESSIONS_DATABASE } from '../database/sessions-database.js';

runMigrationsMain('sessions', SESSIONS_DATABASE);
