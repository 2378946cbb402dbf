/**
 * Preloaded by bench/simulate-memory.mjs (`node --import ./bench/maxrss-hook.mjs …`): at exit,
 * writes the process's peak resident set size (every thread: the main one and the workers) to
 * stderr as a last line `maxrss-kb <n>`.
 */
process.on('exit', () => process.stderr.write(`\nmaxrss-kb ${process.resourceUsage().maxRSS}\n`));
