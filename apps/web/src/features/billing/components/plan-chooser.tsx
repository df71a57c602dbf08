import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import {
  BILLING,
  BILLING_TEXT,
  baseIdOf,
  formatPrice,
  perUserPrice,
  planButtonText,
  tierFor,
  tierLabel,
  type BillingPeriod,
  type Plan,
  type PlansResponse,
} from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../lib/use-is-phone.ts';

const INCLUDED = [
  'dashboards',
  'groups',
  'progress',
  'scheduled',
  'reminders',
  'support',
  'languages',
  'platforms',
] as const;
const FAQ = ['seats', 'overage', 'updates', 'discounts'] as const;
const ENTERPRISE = ['sso', 'content', 'branding', 'scorm', 'priority', 'success', 'consulting'] as const;

interface PlanChooserProps {
  data: PlansResponse;
  period: BillingPeriod;
  seats: number;
  busyPlan: string | null;
  onPeriod: (p: BillingPeriod) => void;
  onSeats: (n: number) => void;
  onChoose: (plan: Plan) => void;
  supportEmail: string;
}

/** Step 0 (spec 3 §2.4): current plan banner, billing toggle, seats, plan cards, what all include, FAQ. */
export function PlanChooser({
  data,
  period,
  seats,
  busyPlan,
  onPeriod,
  onSeats,
  onChoose,
  supportEmail,
}: PlanChooserProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const current = data.current;
  const currentBase = current.planId ? baseIdOf(current.planId) : null;
  const seatsValid = Number.isInteger(seats) && seats >= 1 && seats < data.enterprise_units;
  return (
    <Stack gap="xl">
      <Alert variant="light" data-testid="current-plan-banner">
        {BILLING_TEXT.currentSubscription(current.name, current.trial ? null : current.seats)}
      </Alert>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <SegmentedControl
          value={period}
          orientation={phone ? 'vertical' : 'horizontal'}
          fullWidth={phone}
          onChange={(v) => onPeriod(v as BillingPeriod)}
          data={[
            { value: 'yearly', label: BILLING_TEXT.billAnnually },
            { value: 'monthly', label: BILLING_TEXT.billMonthly },
          ]}
          aria-label={t('billing.period')}
          data-testid="billing-period"
        />
        <NumberInput
          label={t('billing.seats')}
          description={t('billing.seatsHint', { inUse: data.usersInUse })}
          value={seats}
          min={1}
          max={data.enterprise_units - 1}
          step={10}
          allowDecimal={false}
          onChange={(v) => onSeats(typeof v === 'number' ? v : Number(v) || 0)}
          w={220}
          data-testid="billing-seats"
          error={seatsValid ? undefined : t('billing.seatsRange', { max: data.enterprise_units - 1 })}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md">
        {data.plans.map((plan) => {
          const variant = plan[period];
          const tier = tierFor(variant.tiers, seats);
          const button = planButtonText(
            plan,
            { seats, period },
            {
              baseId: currentBase,
              seats: current.seats,
              period: current.period,
            },
          );
          const fits = seatsValid && tier !== null;
          return (
            <Card
              key={plan.baseId}
              withBorder
              padding="lg"
              data-testid={`plan-${plan.baseId}`}
              style={
                variant.recommended
                  ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }
                  : undefined
              }
            >
              <Stack gap="sm" h="100%">
                <Group justify="space-between" gap="xs">
                  <Title order={2} fz="lg">
                    {plan.name}
                  </Title>
                  {variant.recommended && <Badge>{t('billing.recommended')}</Badge>}
                </Group>
                <Text size="sm" c="dimmed">
                  {variant.description}
                </Text>
                {fits ? (
                  <div>
                    <Text fz={28} fw={700} lh={1.1}>
                      {formatPrice(tier.price)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t(period === 'yearly' ? 'billing.perYear' : 'billing.perMonth')} · {tierLabel(tier)}{' '}
                      {t('billing.seatsWord')}
                    </Text>
                    {!plan.free && (
                      <Text size="sm" data-testid={`per-user-${plan.baseId}`}>
                        {t('billing.perUser', { price: perUserPrice(tier.price, period, seats).toFixed(2) })}
                      </Text>
                    )}
                  </div>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('billing.notForSeats', {
                      max: variant.tiers.at(-1)?.ending_unit ?? BILLING.openEndedShownAs,
                    })}
                  </Text>
                )}
                <List
                  spacing={4}
                  size="sm"
                  icon={<IconCheck size={16} aria-hidden />}
                  style={{ flexGrow: 1 }}
                >
                  {variant.keyFacts.map((fact) => (
                    <List.Item key={fact}>{fact}</List.Item>
                  ))}
                </List>
                <Button
                  fullWidth
                  variant={variant.recommended ? 'filled' : 'light'}
                  disabled={button.disabled || !fits}
                  loading={busyPlan === plan.baseId}
                  onClick={() => onChoose(plan)}
                  // Combined texts ('Change seats & Bill annually') wrap instead of being cut.
                  h="auto"
                  mih={36}
                  py={6}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                  data-testid={`choose-${plan.baseId}`}
                >
                  {button.text}
                </Button>
              </Stack>
            </Card>
          );
        })}
        <Card withBorder padding="lg" data-testid="plan-enterprise">
          <Stack gap="sm" h="100%">
            <Title order={2} fz="lg">
              {t('billing.enterprise')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('billing.enterpriseSeats', { seats: data.enterprise_units })}
            </Text>
            <List spacing={4} size="sm" icon={<IconCheck size={16} aria-hidden />} style={{ flexGrow: 1 }}>
              {ENTERPRISE.map((key) => (
                <List.Item key={key}>{t(`billing.enterpriseFeatures.${key}`)}</List.Item>
              ))}
            </List>
            <Button component="a" href={`mailto:${supportEmail}`} variant="default" fullWidth>
              {t('billing.contactUs')}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} fz="md" mb="sm">
          {t('billing.allPlansInclude')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
          {INCLUDED.map((key) => (
            <Group key={key} gap={6} wrap="nowrap">
              <IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
              <Text size="sm">{t(`billing.included.${key}`)}</Text>
            </Group>
          ))}
        </SimpleGrid>
      </Card>
      <div>
        <Title order={2} fz="md" mb="sm">
          {t('billing.faqTitle')}
        </Title>
        <Accordion variant="separated">
          {FAQ.map((key) => (
            <Accordion.Item key={key} value={key}>
              <Accordion.Control>{t(`billing.faq.${key}.q`)}</Accordion.Control>
              <Accordion.Panel>
                <Text size="sm">{t(`billing.faq.${key}.a`)}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <Text size="sm" mt="sm" c="dimmed">
          {t('billing.moreQuestions')} <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
        </Text>
      </div>
    </Stack>
  );
}
