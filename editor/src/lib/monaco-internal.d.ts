/**
 * Monaco's global "Tab moves focus" setting (tabFocusMode), the one its Ctrl+M action
 * (editor.action.toggleTabFocusMode) toggles. Not in Monaco's public API: the editor option of
 * that name is ORed with it, so only this one can be switched both ways.
 */
declare module 'monaco-editor/editor/browser/config/tabFocus' {
  export const TabFocus: {
    getTabFocusMode(): boolean;
    setTabFocusMode(on: boolean): void;
    onDidChangeTabFocus(listener: (on: boolean) => void): { dispose(): void };
  };
}
