// Federation runtime plugin of the shell: hands the remotes (built with `externalRuntime`) the
// parts of the runtime core their entries call, so each page carries one copy of the runtime.
// The plugin the federation package ships for this hands over the whole core (snapshot code
// included), which costs the shell more than the remotes save.
import {
  CurrentGlobal,
  Global,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-tools/runtime-core'

export default function provideFederationRuntime() {
  return {
    name: 'donaciones-provide-federation-runtime',
    beforeInit(args) {
      Global._FEDERATION_RUNTIME_CORE ??= {
        CurrentGlobal,
        Global,
        Module,
        ModuleFederation,
        assert,
        getGlobalFederationConstructor,
        getRemoteEntry,
        getRemoteInfo,
        helpers,
        loadScript,
        loadScriptNode,
        registerGlobalPlugins,
        satisfy,
        setGlobalFederationConstructor,
        setGlobalFederationInstance,
      }
      return args
    },
  }
}
