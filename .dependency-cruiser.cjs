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
      name: 'server-modules-independent',
      comment:
        "A server module does not import another module's internals; what several modules use lives in " +
        'a common place (db/, files/, http/, lib/, workflow/) or is reached through the context.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: '^apps/server/src/modules/$1/',
        dependencyTypes: ['local', 'aliased-tsconfig', 'aliased'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'lower-layers-below-modules',
      comment:
        'The lower layers (and platform.ts, the context they are given) import nothing from the modules, the ' +
        'module list or the composition root (context.ts, app.ts, server.ts, worker.ts), type-only imports ' +
        'included: a module brings what it adds through its manifest (<name>.module.ts).',
      severity: 'error',
      from: {
        path: [
          '^apps/server/src/(lib|cache|http|files|jobs|mail|notices|workflow|settings|preferences|storage)/',
          '^apps/server/src/platform\\.ts$',
        ],
        pathNot: '\\.test\\.ts$',
      },
      to: {
        path: '^apps/server/src/(modules/|(modules|server-module|context|app|server|worker)\\.ts$)',
      },
    },
    {
      name: 'orm-in-repositories',
      comment:
        "The ORM is used in repositories, a module's tables and db/ only; services and routes call repositories.",
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '\\.repository\\.ts$',
          '\\.tables\\.ts$',
          '^apps/server/src/db/',
          '\\.test\\.ts$',
          '^apps/server/test/',
        ],
      },
      to: { path: 'node_modules/drizzle-orm' },
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
    exclude: { path: '(^|/)(dist|\\.tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
