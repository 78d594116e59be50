import type { TriageTexts } from './en';

/** Los textos en español del mostrador de saludos. */
export const es: TriageTexts = {
  order: 'Orden',
  orderNext: 'Siguiente por saludar',
  orderNewest: 'Más recientes primero',
  search: 'Buscar personas del chat',
  searchPlaceholder: 'Nombre o usuario',
  matches_one: 'Coincide {{count}} de {{total}} personas',
  matches_many: 'Coinciden {{count}} de {{total}} personas',
  matches_other: 'Coinciden {{count}} de {{total}} personas',
  noMatches: 'Nadie coincide con «{{query}}».',
  greeted: 'Saludado',
  keys: 'Atajos de teclado',
  keysHint: 'Saluda con el teclado: pulsa ? para ver las teclas.',
  keyMove: 'Ir a la persona siguiente o anterior',
  keyGreet: 'Saludar o dejar de saludar a la persona seleccionada',
  keyUndo: 'Deshacer el último cambio de saludo',
  keySearch: 'Buscar personas del chat',
  keyHelp: 'Mostrar estos atajos',
  keyClose: 'Salir de la búsqueda o cerrar este diálogo',
  close: 'Cerrar',
};
