// Import cycles: none, over every folder of ours. Type-only imports count too (tsPreCompilationDeps),
// so a shared type lives in a small file that imports nothing of ours instead of in the module that uses it.
// Run by `npm run lint`; offline, about two seconds. dependency-cruiser 17 is the line that still runs on Node 20
// (18 wants 22); madge's TypeScript peer stops at 5, and import-x's no-cycle skips type-only imports.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle, type-only ones included: move what both sides need into a file of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^dist/', '^node_modules/', '^test-results/', '^playwright-report/'] },
  },
};
