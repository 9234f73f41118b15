/**
 * Tests start the platform one way per mode, all in tests/support: in this process (`startTestSite`),
 * as `npm start` in a process of its own (`startPlatformProcess`), distributed, one process per
 * service (`startDistributedPlatform`), or in part, some services real and the others faked, with or
 * without the gateway in front (`startServiceSlice`). A test that starts it any other way, or starts a
 * service runtime or a gateway app itself, is a lint error. The units whose subject those two are
 * keep them: the kit's own tests (its service runtime) and the gateway's (its app, on stub services).
 */
const message =
  'Las pruebas arrancan la plataforma con tests/support: startTestSite, startPlatformProcess, startDistributedPlatform o, con unos servicios reales y otros simulados, startServiceSlice.'

const testFiles = ['tests/**/*.ts', '**/test/**/*.ts', '**/*.test.ts', '**/*.test.tsx']

/** Where starting a service runtime or a gateway app is the subject under test. */
const unitsUnderTest = ['services/kit/**', 'gateway/src/**']

/** A call of `name`, imported by name or through a namespace (`kit.name(...)`). */
const callOf = (name) => `CallExpression:matches([callee.name='${name}'], [callee.property.name='${name}'])`
/** `name` imported under another one (`import { name as start }`), whose calls `callOf` cannot see. */
const renamedImportOf = (name) => `ImportSpecifier[imported.name='${name}'][local.name!='${name}']`

export const platformStartSelectors = [
  { selector: "CallExpression[callee.name='startEmbeddedPlatform']", message },
  { selector: renamedImportOf('startEmbeddedPlatform'), message },
  { selector: 'Literal[value=/^(platform\\/src\\/embedded|gateway\\/src\\/main)\\.ts$/]', message },
  { selector: 'TemplateElement[value.raw=/\\/src\\/main\\.ts$/]', message },
]

/** A service runtime or the gateway started by hand: what `startServiceSlice` does. */
export const sliceStartSelectors = [
  { selector: callOf('startServiceRuntime'), message },
  { selector: renamedImportOf('startServiceRuntime'), message },
  { selector: callOf('createGatewayApp'), message },
  { selector: renamedImportOf('createGatewayApp'), message },
]

export function oneWayToStartConfig() {
  return [
    {
      files: testFiles,
      ignores: ['tests/support/**', ...unitsUnderTest],
      rules: { 'no-restricted-syntax': ['error', ...platformStartSelectors, ...sliceStartSelectors] },
    },
    {
      // Every pair: a file of the unit that is also a test file.
      files: unitsUnderTest.flatMap((unit) => testFiles.map((test) => [unit, test])),
      rules: { 'no-restricted-syntax': ['error', ...platformStartSelectors] },
    },
  ]
}
