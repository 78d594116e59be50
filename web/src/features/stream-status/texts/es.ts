import type { StreamStatusTexts } from './en';

/** The stream-status banner in Spanish. */
export const es: StreamStatusTexts = {
  live: 'En directo en Twitch: {{title}}',
  liveUntitled: 'En directo en Twitch',
  offlineWaiting_one:
    'Directo desconectado: esta sesión continúa si vuelve en menos de {{count}} minuto',
  offlineWaiting_many:
    'Directo desconectado: esta sesión continúa si vuelve en menos de {{count}} minutos',
  offlineWaiting_other:
    'Directo desconectado: esta sesión continúa si vuelve en menos de {{count}} minutos',
  offlineRunning: 'Directo desconectado: esta sesión sigue leyendo el chat hasta que la detengas',
  offlineRunningForEditor:
    'Directo desconectado: esta sesión sigue leyendo el chat hasta que el streamer la detenga',
};
