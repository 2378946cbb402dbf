/**
 * Preloaded by bench/simulate-memory.mjs and bench/startup.mjs (`node --import
 * ./bench/exit-usage-hook.mjs …`): at exit, writes to stderr a last line
 * `usage maxrss-kb <n> cpu-ms <m>`: the process's peak resident set size (every thread: the main
 * one and the workers) and the CPU time it used (user + system, since the process started).
 */
process.on('exit', () => {
  const u = process.resourceUsage();
  process.stderr.write(`\nusage maxrss-kb ${u.maxRSS} cpu-ms ${Math.round((u.userCPUTime + u.systemCPUTime) / 1000)}\n`);
});
