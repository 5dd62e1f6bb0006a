/** Tests run the TypeScript sources through ts-jest; integration tests talk to the sandbox over HTTP. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	setupFiles: ['<rootDir>/test/setup-env.js'],
	setupFilesAfterEnv: ['<rootDir>/test/setup-after-env.js'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	testTimeout: 60000,
	maxWorkers: 2,
};
