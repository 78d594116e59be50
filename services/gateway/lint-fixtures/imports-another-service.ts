// Lint fixture (never built): services never import each other.
import { sessionsRuntime } from '@greetboard/sessions';

export const runtime = sessionsRuntime;
