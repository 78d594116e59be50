import type { DashboardTexts } from './en';

export const es: DashboardTexts = {
  title: 'Panel',
  description: 'Gestiona tus sesiones de saludo y saluda a las personas de tu chat.',
  pendingTitle: 'Cuenta pendiente de aprobación',
  pendingMessage:
    'Tu cuenta está esperando la aprobación de un administrador. Puedes echar un vistazo, pero aún no puedes iniciar sesiones.',
  totalSessions: 'Sesiones totales',
  activeSessions: 'Sesiones activas',
  totalChatters: 'Personas en el chat',
  greeted: 'Saludados',
  sessions: 'Sesiones',
  newSession: 'Nueva sesión',
  needsApproval: 'La cuenta necesita aprobación para crear sesiones',
  noSessions: 'Aún no hay sesiones. ¡Crea tu primera sesión para empezar a saludar!',
  chatters: 'Personas del chat',
  chattersOf: 'Personas del chat: {{name}}',
  selectSession: 'Selecciona una sesión para ver quién ha escrito',
  selectHint: 'Haz clic en el icono del ojo junto a una sesión para ver aquí a sus participantes.',
  noChatters: 'Aún no ha escrito nadie. ¡Inicia la sesión para empezar a supervisar!',
  noChattersActive: 'Aún no ha escrito nadie. Esperando a que alguien escriba en tu directo...',
  scopeAll: 'Todas las sesiones',
  scopeSelected: 'Sesión seleccionada: {{name}}',
  scopeNone: 'Selecciona una sesión',
};
