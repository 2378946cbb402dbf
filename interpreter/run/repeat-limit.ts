/** How many times a repetition (a repeated group of phases, a redraw) may go on, unless `limits.repeats` says otherwise. */
export const DEFAULT_REPEATS = 100;
