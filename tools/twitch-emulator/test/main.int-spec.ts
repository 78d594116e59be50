import { describe, expect, it } from '@jest/globals';
import { startProgram } from '@greetboard/testing';

describe('the standalone emulator', () => {
  it('stops with exit code 78 (EX_CONFIG) and names the variable when the configuration is bad', async () => {
    const program = startProgram('tools/twitch-emulator/dist/main.js', {
      EMULATOR_SEED: '-1',
      EMULATOR_HTTP_PORT: '0',
      EMULATOR_IRC_PORT: '0',
    });
    expect(await program.exited).toBe(78);
    expect(program.output()).toContain('EMULATOR_SEED must be a non-negative integer');
  });
});
