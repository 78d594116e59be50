import type { SessionPageTexts } from './en';

/** The session page's texts in Spanish (`sessionPage.*`, beside the two the overlay shares). */
export const es: SessionPageTexts = {
  stats: 'Estadísticas de la sesión',
  totalChatters: 'Participantes totales',
  greeted: 'Saludados',
  pending: 'Pendientes',
  progress: 'Progreso',
  noChatters: 'Aún no ha escrito nadie',
  waiting: 'Esperando a que alguien escriba en tu directo...',
  startHint: '¡Inicia la sesión para empezar a supervisar tu chat!',
  allHidden: 'No hay nadie que mostrar',
  allHiddenHint: 'Desactiva Ocultar saludados',
  notFound: 'Sesión no encontrada',
  notFoundText: 'Esta sesión no existe o no puedes verla.',
};
