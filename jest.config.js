/** jest: TypeScript through ts-jest (transpile only; `npm run typecheck` does the type checking). */
const os = require("os");

module.exports = {
  // Two workers even on a 2-core machine: the browser, CLI and sign-in suites mostly wait (on
  // Chromium, child processes, sockets), so two run side by side in about 60 % of the serial time.
  maxWorkers: Math.max(2, os.cpus().length - 1),
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.[tj]s$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }] },
  // oauth4webapi ships ES modules only: let ts-jest turn it into CommonJS for jest.
  transformIgnorePatterns: ["/node_modules/(?!oauth4webapi/)"],
  setupFiles: ["<rootDir>/test/setup.ts"],
  testTimeout: 30000,
};
