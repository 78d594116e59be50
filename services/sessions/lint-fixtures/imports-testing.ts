// Lint fixture (never built): production code may not import the test helpers.
import { waitFor } from '@greetboard/testing';

export const wait = waitFor;
