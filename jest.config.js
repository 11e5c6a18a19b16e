/** jest: TypeScript through ts-jest (transpile only; `npm run typecheck` does the type checking). */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.[tj]s$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }] },
  // oauth4webapi ships ES modules only: let ts-jest turn it into CommonJS for jest.
  transformIgnorePatterns: ["/node_modules/(?!oauth4webapi/)"],
  setupFiles: ["<rootDir>/test/setup.ts"],
  testTimeout: 30000,
};
