// Tests are compiled by tsc (the reference compiler for decorator metadata) into build/,
// and jest runs that output as native ES modules.
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/build/test'],
  testMatch: ['**/*.test.js'],
  moduleNameMapper: {
    '^hermes-tools$': '<rootDir>/build/src/index.js',
    '^hermes-tools/(mcp|providers|ai|otel|nest|queue)$': '<rootDir>/build/src/$1/index.js',
  },
  testTimeout: 30000,
  // Installs redis-server when it is missing (see test/support/ensureRedisServer.ts).
  globalSetup: '<rootDir>/build/test/support/ensureRedisServer.js',
};
