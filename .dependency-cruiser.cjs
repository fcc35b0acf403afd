/**
 * The import rules of docs/ARCHITECTURE.md and apps/web/README.md, checked by `npm run lint`
 * (dependency-cruiser resolves every import, so a rule cannot be dodged with a relative path).
 */
const web = 'apps/web/src';
const server = 'apps/server/src';

/**
 * The server's screen modules: each answers one screen or document of its own. Every other
 * module is a shared room (the facility read model, the catalogue, exports, positions, geodesy,
 * hazards, protective zones (the incident screen's and the briefing's), access, reference data...).
 */
const SERVER_SCREENS = ['search', 'map', 'nearby', 'places', 'briefing', 'ogc'];

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
    // Web, bottom to top: lib, config ← i18n ← api ← components ← shell ← features/map-kit ←
    // features/<screen> ← pages ← routes. routes/links.ts (the URLs screens link to each other by)
    // and routes/route-handle.ts (the route metadata) are leaves any room may import.
    forbid(
      'web-lib-is-a-leaf',
      'lib/ and config/ hold framework-free helpers and constants; they import nothing of the app.',
      `^${web}/(lib|config)/`,
      `^${web}/(?!(lib|config)/)`,
    ),
    forbid(
      'web-i18n-at-the-bottom',
      'i18n knows lib and config only: main.tsx hands it the HTTP client that fetches a language file.',
      `^${web}/i18n/`,
      `^${web}/(?!(i18n|lib|config)/)`,
    ),
    forbid(
      'web-api-below-the-shell',
      'The HTTP client and the query options know i18n, lib and config, never the shell (main.tsx hands it the session and the error toast), a screen, page or route.',
      `^${web}/api/`,
      `^${web}/(?!(api|i18n|lib|config)/)`,
    ),
    forbid(
      'web-components-below-features',
      'Shared components know i18n, lib and how an API error is worded, never the HTTP client, the shell, a feature, page or route.',
      `^${web}/components/`,
      `^${web}/(shell|features|pages|routes)/|^${web}/api/(?!(error-presentation|api-error)\\.ts$)`,
    ),
    forbid(
      'web-routes-leaves',
      'routes/links.ts and routes/route-handle.ts are imported by every room, so they import only i18n, lib and config.',
      `^${web}/routes/(links|route-handle)\\.ts$`,
      `^${web}/(?!(i18n|lib|config)/)`,
    ),
    forbid(
      'web-shell-below-screens',
      'The app shell (session, organisation, toasts, layout...) knows api, components, i18n, lib and the route leaves, never the map kit, a screen, page or the rest of routes.',
      `^${web}/shell/`,
      `^${web}/(features|pages)/|^${web}/routes/(?!(links|route-handle)\\.ts$)`,
    ),
    forbid(
      'web-map-kit-knows-no-screen',
      'The map kit is borrowed by the map, incident and facility screens: it never imports one of them, a page or the rest of routes.',
      `^${web}/features/map-kit/`,
      `^${web}/(features/(?!map-kit/)|pages/|routes/(?!(links|route-handle)\\.ts$))`,
    ),
    forbid(
      'web-screens-apart',
      'A screen (features/<screen>/) imports shared rooms (shell, map-kit, components, api, i18n, lib, routes/links.ts), never another screen.',
      `^${web}/features/([^/]+)/`,
      `^${web}/features/(?!($1|map-kit)/)`,
    ),
    forbid(
      'web-features-below-pages',
      'A feature never imports a page; routes/ only for the links and the route-metadata hook.',
      `^${web}/features/`,
      `^${web}/(pages/|routes/(?!(links|route-handle)\\.ts$))`,
    ),
    forbid(
      'web-pages-below-routes',
      'Pages are mounted by the routes table, not the reverse.',
      `^${web}/pages/`,
      `^${web}/routes/(?!(links|route-handle)\\.ts$)`,
    ),
    forbid(
      'web-map-libraries-in-map-kit-controllers',
      "MapLibre and terra-draw belong to the map kit's plain .ts controllers (map-controller.ts, drawing.ts...) only; a screen or component asks a MapView, type imports included.",
      `^${web}/(?!features/map-kit/[^/]+\\.ts$)`,
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
    // Server modules: screens on top of shared rooms (docs/ARCHITECTURE.md, "Layers").
    forbid(
      'server-screens-apart',
      `A screen module (${SERVER_SCREENS.join(', ')}) never imports another screen: what two screens share moves to a shared room named for what it is (facility, catalogue, exports, position, geodesy, protective-zones...).`,
      `^${server}/modules/(${SERVER_SCREENS.join('|')})/`,
      `^${server}/modules/(${SERVER_SCREENS.join('|')})/`,
      { to: { pathNot: `^${server}/modules/$1/` } },
    ),
    forbid(
      'server-shared-rooms-below-screens',
      'A shared room (every module that is not a screen) never imports a screen module.',
      `^${server}/modules/(?!(${SERVER_SCREENS.join('|')})/)`,
      `^${server}/modules/(${SERVER_SCREENS.join('|')})/`,
    ),
    {
      name: 'server-sql-in-repositories',
      comment:
        "SQL lives in modules/*/*.repository.ts: no other module file imports Kysely's runtime (sql, ...) or db/sql.ts's helpers; a type-only import (a row or transaction type) is allowed. Covers modules, routes, plugins, demo and the CLI (lint/sql-in-repositories.grit catches the query builder itself). Exceptions: access/scope.ts (the scope's SQL fragments, which every repository composes: the one place the scope is applied), users/user-name.ts (the full-name fragment the access repositories compose) and plugins/rate-limit-store.ts (the shared rate-limit counters, one upsert on the hot path of every request).",
      severity: 'error',
      from: {
        path: `^${server}/(modules|routes|plugins|demo|cli)/`,
        pathNot: `${TEST}|\\.repository\\.ts$|^${server}/modules/(access/scope|users/user-name)\\.ts$|^${server}/plugins/rate-limit-store\\.ts$`,
      },
      to: { path: `(^|/)node_modules/kysely/|^${server}/db/sql\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
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
