/**
 * A roving tabindex (WAI-ARIA Authoring Practices): a list or toolbar is ONE Tab stop; the
 * arrow keys (and Home/End) move between its items. The stop is the item focused last, else the
 * current one (`aria-current`), else the first. A Svelte action: `<div use:roving={{ items: 'button.doc' }}>`.
 */
export interface RovingOptions {
  /** The items, a selector inside the node (disabled items are skipped). */
  items: string;
  /** Up/Down (vertical, a list) or Left/Right (horizontal, a toolbar). */
  orientation?: 'vertical' | 'horizontal';
}

export function roving(node: HTMLElement, opts: RovingOptions) {
  let options = opts;
  let last: HTMLElement | null = null;
  const items = () => [...node.querySelectorAll<HTMLElement>(options.items)].filter((el) => !(el as HTMLButtonElement).disabled);

  /** Exactly one item takes Tab: the last focused one while it is there, else the current, else the first. */
  function update() {
    const all = items();
    const current = all.find((el) => el.getAttribute('aria-current') === 'true');
    const stop = (last && all.includes(last) ? last : null) ?? current ?? all[0];
    for (const el of all) {
      const want = el === stop ? '0' : '-1';
      if (el.getAttribute('tabindex') !== want) el.setAttribute('tabindex', want);
    }
  }

  function onKey(e: KeyboardEvent) {
    const vertical = (options.orientation ?? 'vertical') === 'vertical';
    const next = vertical ? 'ArrowDown' : 'ArrowRight';
    const prev = vertical ? 'ArrowUp' : 'ArrowLeft';
    if (![next, prev, 'Home', 'End'].includes(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    const all = items();
    const i = all.indexOf(document.activeElement as HTMLElement);
    if (i < 0) return;
    e.preventDefault();
    const step = e.key === next ? 1 : -1;
    const j = e.key === 'Home' ? 0 : e.key === 'End' ? all.length - 1 : Math.max(0, Math.min(all.length - 1, i + step));
    all[j]?.focus();
  }

  function onFocus(e: FocusEvent) {
    const el = (e.target as HTMLElement).closest<HTMLElement>(options.items);
    if (el && node.contains(el)) {
      last = el;
      update();
    }
  }

  // Items come and go (documents added, renamed, deleted): keep one stop.
  const observer = new MutationObserver(() => update());
  observer.observe(node, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-current', 'disabled'] });
  node.addEventListener('keydown', onKey);
  node.addEventListener('focusin', onFocus);
  update();
  return {
    update(next: RovingOptions) {
      options = next;
      update();
    },
    destroy() {
      observer.disconnect();
      node.removeEventListener('keydown', onKey);
      node.removeEventListener('focusin', onFocus);
    },
  };
}
