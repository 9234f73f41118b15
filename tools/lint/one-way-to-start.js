/**
 * Tests start the platform one way per mode, all in tests/support: in this process (`startTestSite`),
 * as `npm start` in a process of its own (`startPlatformProcess`), or distributed, one process per
 * service (`startDistributedPlatform`). A test that starts it any other way is a lint error.
 */
const message = 'Las pruebas arrancan la plataforma con tests/support: startTestSite, startPlatformProcess o startDistributedPlatform.'

export const platformStartSelectors = [
  { selector: "CallExpression[callee.name='startEmbeddedPlatform']", message },
  { selector: 'Literal[value=/^(platform\\/src\\/embedded|gateway\\/src\\/main)\\.ts$/]', message },
  { selector: 'TemplateElement[value.raw=/\\/src\\/main\\.ts$/]', message },
]

export function oneWayToStartConfig() {
  return {
    files: ['tests/**/*.ts', '**/test/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    ignores: ['tests/support/**'],
    rules: { 'no-restricted-syntax': ['error', ...platformStartSelectors] },
  }
}
