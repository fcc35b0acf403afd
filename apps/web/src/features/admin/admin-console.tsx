import { Tabs } from '@digdir/designsystemet-react';
import { DSTabsElement } from '@digdir/designsystemet-web';
import { useTranslation } from 'react-i18next';
import { AccessEntriesPanel } from './access-entries-panel.tsx';
import { AccessLogPanel } from './access-log-panel.tsx';
import { type AdminTab, useAdminUrl } from './admin-url.ts';
import { ApiClientsPanel } from './api-clients-panel.tsx';
import { AuditLogPanel } from './audit-log-panel.tsx';
import { ImportPanel } from './import-panel.tsx';
import { ReferenceLayersPanel } from './reference-layers-panel.tsx';
import { StatusMessagesPanel } from './status-messages-panel.tsx';
import { TermsPanel } from './terms-panel.tsx';

/** The tabs in order, by their URL names (admin-url.ts). */
const TABS = [
  { value: 'foresporsler', label: 'admin.tabs.requests' },
  { value: 'tilganger', label: 'admin.tabs.accesses' },
  { value: 'driftsmeldinger', label: 'admin.tabs.statusMessages' },
  { value: 'vilkar', label: 'admin.tabs.terms' },
  { value: 'tilgangslogg', label: 'admin.tabs.accessLog' },
  { value: 'endringslogg', label: 'admin.tabs.auditLog' },
  { value: 'importer', label: 'admin.tabs.import' },
  { value: 'referansedata', label: 'admin.tabs.referenceLayers' },
  { value: 'api-klienter', label: 'admin.tabs.apiClients' },
] as const satisfies readonly { value: AdminTab; label: string }[];

function panelFor(tab: AdminTab) {
  switch (tab) {
    case 'foresporsler':
      return <AccessEntriesPanel key="pending" mode="PENDING" />;
    case 'tilganger':
      return <AccessEntriesPanel key="active" mode="ACTIVE" />;
    case 'driftsmeldinger':
      return <StatusMessagesPanel />;
    case 'vilkar':
      return <TermsPanel />;
    case 'tilgangslogg':
      return <AccessLogPanel />;
    case 'endringslogg':
      return <AuditLogPanel />;
    case 'importer':
      return <ImportPanel />;
    case 'referansedata':
      return <ReferenceLayersPanel />;
    case 'api-klienter':
      return <ApiClientsPanel />;
  }
}

/**
 * The Tabs' custom elements (ds-tabs, ds-tablist, ...) give the tabs their roles and keyboard
 * handling. vite.config.ts treats Designsystemet's web-component registrations as free of side
 * effects, so they are bundled only where one of them is named: naming one here keeps them.
 */
function tabsRegistered(): boolean {
  return customElements.get('ds-tabs') === DSTabsElement;
}

export function AdminConsole() {
  const { t } = useTranslation();
  if (!tabsRegistered()) console.error('Designsystemet tabs are not registered');
  const [{ tab }, change] = useAdminUrl();
  return (
    <Tabs value={tab} onChange={(value) => change({ tab: TABS.find((x) => x.value === value)?.value ?? 'foresporsler' })}>
      <Tabs.List aria-label={t('admin.tabs.label')}>
        {TABS.map((x) => (
          <Tabs.Tab key={x.value} value={x.value}>
            {t(x.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {/* Every panel exists for the tabs to point at; only the open one has content (each loads its own data). */}
      {TABS.map((x) => (
        <Tabs.Panel key={x.value} value={x.value}>
          {x.value === tab ? panelFor(tab) : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
