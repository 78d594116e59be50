// One Jest configuration, three tiers (unit, integration, e2e), selected with --selectProjects.
// Tests run as native ES modules (see docs/adr/0002-esm-and-node-24.md).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        react: { runtime: 'automatic' },
      },
      target: 'es2024',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const roots = [
  '<rootDir>/libs',
  '<rootDir>/services',
  '<rootDir>/apps',
  '<rootDir>/tools',
  '<rootDir>/web',
  '<rootDir>/deploy',
];

const shared = {
  rootDir: import.meta.dirname,
  roots,
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@greetboard/source', 'node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // The web app imports CSS for Vite; component tests get an empty module instead.
    '\\.css$': '<rootDir>/web/test/style-stub.js',
  },
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

export default {
  // Integration and e2e tests boot real databases and processes on a 2-core machine.
  testTimeout: 30_000,
  // Test files run in a worker process that is replaced once it holds more than this after a
  // file: Jest's ESM module graphs outlive their file, and one process for the whole suite
  // once reached Node's 4 GB heap limit. Setting it also keeps Jest out of its in-band mode.
  workerIdleMemoryLimit: '1.5GB',
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['**/src/**/*.spec.ts?(x)'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['**/src/**/*.int-spec.ts', '**/test/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/jest-global-setup.mjs',
      slowTestThreshold: 30,
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['**/test/**/*.e2e-spec.ts'],
      slowTestThreshold: 60,
    },
  ],
};
