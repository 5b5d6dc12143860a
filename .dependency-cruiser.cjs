/** Import boundaries: shared ← server, shared ← web; web features never import each other. */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'packages/shared is pure TypeScript that both sides use: it imports neither app.',
      severity: 'error',
      from: { path: '^packages/shared' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'shared-no-node',
      comment: 'packages/shared runs in the browser too: no Node built-ins.',
      severity: 'error',
      from: { path: '^packages/shared' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^apps/server' },
      to: { path: '^apps/web' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      from: { path: '^apps/web' },
      to: { path: '^apps/server' },
    },
    {
      name: 'web-features-independent',
      comment: 'A web feature does not import another feature; routes compose features.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist|\\.tmp)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
