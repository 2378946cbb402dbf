/**
 * Monaco, loaded lazily with only the editor core and the JSON language (no TypeScript worker).
 * The project's schemas give completion and hover documentation; markers come from Phasebook's
 * own validator (the same messages as `phasebook validate`), so Monaco's JSON diagnostics are off.
 */
export type Monaco = typeof import('monaco-editor/editor/editor.api');

let loading: Promise<Monaco> | null = null;
let asked: () => void = () => {};
const askedFor = new Promise<void>((resolve) => (asked = resolve));

/**
 * Monaco, once something has asked for it with loadMonaco(): the code view waits with this, and
 * shows the document as plain text meanwhile. The app asks after the first timeline (Monaco's
 * 2 MB would otherwise compete with the engine's first run for the CPU).
 */
export function monacoWhenAsked(): Promise<Monaco> {
  return askedFor.then(loadMonaco);
}

export function loadMonaco(): Promise<Monaco> {
  asked();
  loading ??= (async () => {
    const [monaco, , json, EditorWorker, JsonWorker, { default: rulesetSchema }, { default: encounterSchema }] = await Promise.all([
      import('monaco-editor/editor/editor.api'),
      import('./monaco-features.js'),
      import('monaco-editor/languages/features/json/register'),
      import('monaco-editor/editor/editor.worker?worker'),
      import('monaco-editor/languages/features/json/json.worker?worker'),
      // With Monaco, not with the first screen: 75 kB of schema the page does not need before.
      import('../../../schemas/ruleset.schema.json'),
      import('../../../schemas/encounter.schema.json'),
    ]);
    (self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
      getWorker(_: string, label: string) {
        return label === 'json' ? new JsonWorker.default() : new EditorWorker.default();
      },
    };
    json.jsonDefaults.setDiagnosticsOptions({
      // The JSON worker attaches schemas (for completion and hover) only while validating; its own
      // problems are switched off (severity "ignore"): markers come from Phasebook's validator.
      validate: true,
      schemaValidation: 'ignore',
      schemaRequest: 'ignore',
      comments: 'ignore',
      trailingCommas: 'ignore',
      allowComments: false,
      enableSchemaRequest: false,
      schemas: [
        { uri: rulesetSchema.$id, fileMatch: ['**/*.json'], schema: rulesetSchema },
        { uri: encounterSchema.$id, fileMatch: ['**/encounters/*.json', '**/*encounter*.json'], schema: encounterSchema },
      ],
    });
    return monaco;
  })();
  return loading;
}

/** Model URI of a workspace document. */
export const modelUri = (monaco: Monaco, path: string) => monaco.Uri.parse(`inmemory://phasebook/${path}`);
