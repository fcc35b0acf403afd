import { Alert, Button, Heading, Paragraph, ValidationMessage } from '@digdir/designsystemet-react';
import type { MunicipalityAccessEntry } from '@fast/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { accessQueries, mergeEntries, requestMunicipalityAccess } from '../../api/access-api.ts';
import { platformQueries } from '../../api/platform-queries.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { toast } from '../../shell/toasts/toast-store.ts';
import classes from './access.module.css';
import { AccessEntryLists } from './access-entry-lists.tsx';
import { requestableMunicipalities } from './municipality-groups.ts';
import { MunicipalityPicker } from './municipality-picker.tsx';

/** The filter text lives in the URL (?kommune=), so a reload or a shared link keeps it. */
const FILTER_PARAM = 'kommune';

/** The access page's content for the selected organisation: request more, and see every entry's state. */
export function AccessOverview({ organisationNumber }: { organisationNumber: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = searchParams.get(FILTER_PARAM) ?? '';
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [showMissing, setShowMissing] = useState(false);
  const accessQuery = platformQueries.municipalityAccess(organisationNumber);
  const access = useQuery(accessQuery);
  const municipalities = useQuery(accessQueries.municipalities());

  const requestable = useMemo(
    () => (municipalities.data && access.data ? requestableMunicipalities(municipalities.data, access.data) : []),
    [municipalities.data, access.data],
  );

  const handleFilterChange = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(FILTER_PARAM, value);
    else next.delete(FILTER_PARAM);
    setSearchParams(next, { replace: true });
  };

  const request = useMutation({
    mutationFn: (codes: string[]) => requestMunicipalityAccess(codes),
    onSuccess: (returned) => {
      queryClient.setQueryData<MunicipalityAccessEntry[]>(accessQuery.queryKey, (current) =>
        mergeEntries(current ?? [], returned),
      );
      setSelected(new Set());
      // The filter found what was just requested, which may no longer be requested: left as it
      // was, it would show "no municipality matches" in place of what is left to request.
      handleFilterChange('');
      if (returned.length > 0) {
        toast.positive({ key: 'access.requested', values: { names: returned.map((e) => e.municipalityName).join(', ') } });
      } else toast.info({ key: 'access.nothingNew' });
    },
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    // Only what may still be requested: the list may have changed since it was ticked.
    const codes = requestable.filter((m) => selected.has(m.id)).map((m) => m.id);
    if (codes.length === 0) {
      setShowMissing(true);
      return;
    }
    request.mutate(codes);
  };

  if (access.isPending || municipalities.isPending) return <PageLoading text="access.loading" />;
  if (access.isError || municipalities.isError) {
    return (
      <Alert data-color="danger">
        <Paragraph>{t('access.loadFailed')}</Paragraph>
      </Alert>
    );
  }

  return (
    <div className={classes.layout}>
      <section aria-labelledby="access-request">
        <form className={classes.requestForm} onSubmit={handleSubmit} noValidate>
          <Heading level={2} data-size="sm" id="access-request">
            {t('access.requestHeading')}
          </Heading>
          <MunicipalityPicker
            municipalities={requestable}
            filter={filter}
            onFilterChange={handleFilterChange}
            selected={selected}
            onSelectedChange={(next) => {
              setSelected(next);
              setShowMissing(false);
            }}
          />
          <div className={classes.submitRow}>
            <Button type="submit" loading={request.isPending} disabled={requestable.length === 0}>
              {t('access.requestAccess')}
            </Button>
            <Paragraph data-size="sm" aria-live="polite">
              {t('access.selectedCount', { count: selected.size })}
            </Paragraph>
          </div>
          {showMissing && <ValidationMessage>{t('access.noneSelected')}</ValidationMessage>}
        </form>
      </section>
      <AccessEntryLists entries={access.data} />
    </div>
  );
}
