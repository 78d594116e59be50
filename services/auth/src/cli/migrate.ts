import { runMigrationsMain } from '@greetboard/service-kit';
import { AUTH_DATABASE } from '../database/auth-database.js';

runMigrationsMain('auth', AUTH_DATABASE);
