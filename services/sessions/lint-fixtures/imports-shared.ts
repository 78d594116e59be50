// Lint fixture (never built): a service may import the shared libraries.
import { SUBJECTS } from '@greetboard/contracts';

export const subjects = SUBJECTS;
