import { Anchor, Card, NumberInput, Radio, Select, Stack, Text } from '@mantine/core';
import { PHISHING_LIMITS, PHISHING_MESSAGES, type PhishingOnClick } from '@vigil/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StepSection } from '../../campaigns/index.ts';
import { useEnrolPrograms, usePhishingTemplates, useSenderProfiles } from '../api/phishing-api.ts';
import { PHISHING_PATHS } from '../phishing-paths.ts';
import { translatePhishingMessage } from '../phishing-messages.ts';
import type { StepProps } from './step-props.ts';
import type { DraftAction } from './wizard-state.ts';

type ClickPatch = Extract<DraftAction, { type: 'click' }>['patch'];

/** A landing page's id as words ("microsoft-style-sign-in" → "Microsoft style sign in"). */
export const landingPageLabel = (id: string): string => {
  const words = id.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Step 4: what the employee meets — the sender the mails come from, the page a click opens, and what
 * follows: the teachable moment with the red flags of that very mail, and optionally an enrolment.
 */
export function ClickStep({ company, draft, dispatch }: StepProps) {
  const { t, i18n } = useTranslation();
  const patch = (change: ClickPatch) => dispatch({ type: 'click', patch: change });
  const senders = useSenderProfiles(company.company_id);
  const templates = usePhishingTemplates(company.company_id, i18n.language);
  const programs = useEnrolPrograms(company.company_id);
  const landingPages = useMemo(
    () => [...new Set((templates.data ?? []).map((tpl) => tpl.landingPageId))].sort(),
    [templates.data],
  );

  return (
    <StepSection
      title={t('phishing.wizard.click.title')}
      description={t('phishing.wizard.click.description')}
    >
      <Card>
        <Stack gap="lg" maw={560}>
          <Select
            label={t('phishing.wizard.click.sender')}
            description={
              <>
                {t('phishing.wizard.click.senderHint')}{' '}
                <Anchor component={Link} to={PHISHING_PATHS.settings} size="xs" underline="always">
                  {t('phishing.wizard.click.manageSenders')}
                </Anchor>
              </>
            }
            data={[
              { value: '', label: t('phishing.wizard.click.defaultSender') },
              ...(senders.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.domain})` })),
            ]}
            value={draft.senderProfileId ?? ''}
            onChange={(value) => patch({ senderProfileId: value || null })}
            allowDeselect={false}
            data-testid="sender-profile"
          />
          <Select
            label={t('phishing.wizard.click.landing')}
            description={t('phishing.wizard.click.landingHint')}
            data={[
              { value: '', label: t('phishing.wizard.click.templateLanding') },
              ...landingPages.map((id) => ({ value: id, label: landingPageLabel(id) })),
            ]}
            value={draft.landingPageId ?? ''}
            onChange={(value) => patch({ landingPageId: value || null })}
            allowDeselect={false}
            searchable
            data-testid="landing-page"
          />
          <Radio.Group
            label={t('phishing.wizard.click.onClick')}
            value={draft.onClick}
            onChange={(value) => patch({ onClick: value as PhishingOnClick })}
          >
            <Stack gap="sm" mt="xs">
              <Radio
                value="teachable-moment"
                label={t('phishing.onClick.teachable-moment')}
                description={t('phishing.wizard.click.teachableHint')}
                data-testid="on-click-teachable"
              />
              <Radio
                value="enrol"
                label={t('phishing.onClick.enrol')}
                description={t('phishing.wizard.click.enrolHint')}
                data-testid="on-click-enrol"
              />
            </Stack>
          </Radio.Group>
          {draft.onClick === 'enrol' && (
            <Select
              label={t('phishing.wizard.click.program')}
              placeholder={t('phishing.wizard.click.programPlaceholder')}
              data={(programs.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              value={draft.enrolProgramId}
              onChange={(value) => patch({ enrolProgramId: value })}
              searchable
              required
              nothingFoundMessage={t('phishing.wizard.click.noPrograms')}
              error={
                draft.enrolProgramId ? null : translatePhishingMessage(t, PHISHING_MESSAGES.needsProgram)
              }
              data-testid="enrol-program"
            />
          )}
          <NumberInput
            label={t('phishing.wizard.click.trackingDays')}
            description={t('phishing.wizard.click.trackingDaysHint')}
            value={draft.trackingDays}
            min={1}
            max={PHISHING_LIMITS.trackingDaysMax}
            clampBehavior="strict"
            allowDecimal={false}
            onChange={(value) => patch({ trackingDays: typeof value === 'number' ? value : 1 })}
            maw={220}
          />
          <Text size="xs" c="dimmed">
            {t('phishing.wizard.click.credentialsNote')}
          </Text>
        </Stack>
      </Card>
    </StepSection>
  );
}
