/**
 * The import rules of docs/ARCHITECTURE.md and apps/web/README.md, checked by `npm run lint`
 * (dependency-cruiser resolves every import, so a rule cannot be dodged with a relative path).
 */
const web = 'apps/web/src';
const server = 'apps/server/src';

/** Tests may reach across layers (a route test seeds with the demo, a db test imports a register). */
const TEST = '\\.test\\.tsx?$';

/** A rule that `from` (tests aside) may import nothing under `to` (paths are regular expressions). */
const forbid = (name, comment, from, to, extra = {}) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: TEST, ...(extra.from ?? {}) },
  to: { path: to, ...(extra.to ?? {}) },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle means two modules are one; merge them or move the shared part down.',
      severity: 'error',
      from: { pathNot: TEST },
      to: { circular: true },
    },
    // Web: lib ← components ← api/i18n ← features ← pages ← routes.
    forbid(
      'web-lib-is-a-leaf',
      'lib/ holds framework-free helpers; it imports nothing of the app.',
      `^${web}/lib/`,
      `^${web}/(?!lib/)`,
    ),
    forbid(
      'web-components-below-features',
      'Shared components know i18n, lib and how an API error is worded, never the HTTP client, a feature, page or route.',
      `^${web}/components/`,
      `^${web}/(features|pages|routes)/|^${web}/api/(?!(error-presentation|api-error)\\.ts$)`,
    ),
    forbid(
      'web-api-below-features',
      'The HTTP client knows i18n, lib and the toasts, never a screen.',
      `^${web}/api/`,
      `^${web}/(pages|routes|features/(?!toasts/))`,
    ),
    forbid(
      'web-features-below-pages',
      'A feature never imports a page; routes/ only for the route-metadata hook.',
      `^${web}/features/`,
      `^${web}/(pages/|routes/(?!route-handle\\.ts$))`,
    ),
    forbid(
      'web-pages-below-routes',
      'Pages are mounted by the routes table, not the reverse.',
      `^${web}/pages/`,
      `^${web}/routes/(?!route-handle\\.ts$)`,
    ),
    forbid(
      'web-map-libraries-in-controllers',
      "Only the map feature's controllers (plain .ts) import maplibre-gl and terra-draw; no component does.",
      `^${web}/.*\\.tsx$`,
      '(^|/)node_modules/(maplibre-gl|terra-draw)/',
      { to: { dependencyTypesNot: ['type-only'] } },
    ),
    forbid(
      'web-map-libraries-in-map-feature',
      'MapLibre and terra-draw belong to features/map only.',
      `^${web}/(?!features/map/)`,
      '(^|/)node_modules/(maplibre-gl|terra-draw)/',
    ),
    // Server: db ← modules ← routes/plugins ← app ← server.
    forbid(
      'server-migrations-frozen',
      'Migrations are frozen in time: they import nothing of the app.',
      `^${server}/db/migrations/`,
      `^${server}/(?!db/migrations/)`,
    ),
    forbid(
      'server-db-below-modules',
      'db/ is the bottom layer: it never imports a module, route or plugin.',
      `^${server}/db/`,
      `^${server}/(modules|routes|plugins|cli|demo)/`,
    ),
    forbid(
      'server-modules-below-routes',
      'Modules never import routes, plugins, the app or the process entry.',
      `^${server}/modules/`,
      `^${server}/(routes|plugins|cli)/|^${server}/(app|server)\\.ts$`,
    ),
    forbid(
      'server-services-without-fastify',
      'A service works on plain values and streams; the route speaks HTTP.',
      `^${server}/modules/.*\\.(service|repository|presenter)\\.ts$`,
      '(^|/)node_modules/fastify/',
    ),
    forbid(
      'server-routes-not-cli',
      'Routes never import the command line.',
      `^${server}/(routes|plugins)/`,
      `^${server}/(cli|server\\.ts)`,
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^apps/[a-z]+/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'types', 'default'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
