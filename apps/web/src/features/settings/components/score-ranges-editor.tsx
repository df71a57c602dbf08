import { ActionIcon, Button, ColorInput, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { BAND_PALETTE, SCORE_RANGE_LIMITS, type ScoreRangeSetting } from '@vigil/shared';
import { useTranslation } from 'react-i18next';

interface ScoreRangesEditorProps {
  /** The form path of the list, e.g. `scoreRanges`; errors are keyed `{path}.{index}.{field}`. */
  path: string;
  value: ScoreRangeSetting[];
  onChange: (ranges: ScoreRangeSetting[]) => void;
  errors: Record<string, unknown>;
  disabled?: boolean;
  testId: string;
}

/** The spec's band colours and a few more that read on white, as quick choices. */
const SWATCHES = [...Object.values(BAND_PALETTE).slice(1), '#1c7ed6', '#0b7285', '#5f3dc4'];

const asText = (error: unknown) => (typeof error === 'string' ? error : undefined);

/** The score ranges as rows of from, to, category and colour, each problem under its field. */
export function ScoreRangesEditor({
  path,
  value,
  onChange,
  errors,
  disabled,
  testId,
}: ScoreRangesEditorProps) {
  const { t } = useTranslation();
  const set = (index: number, change: Partial<ScoreRangeSetting>) =>
    onChange(value.map((range, i) => (i === index ? { ...range, ...change } : range)));
  const add = () => {
    const last = value[value.length - 1];
    const from = last ? Math.min(100, last.to_score + 1) : 0;
    onChange([...value, { from_score: from, to_score: 100, category: '', color: '#868e96' }]);
  };
  const listError = asText(errors[path]);

  return (
    <Stack gap="sm" data-testid={testId}>
      {value.map((range, index) => {
        const error = (field: keyof ScoreRangeSetting) => asText(errors[`${path}.${index}.${field}`]);
        const label = (key: string) => t(`features.ranges.${key}`);
        return (
          <Group key={index} gap="sm" align="flex-start" wrap="wrap" data-testid={`${testId}-row`}>
            <NumberInput
              label={label('from')}
              w={90}
              min={0}
              max={100}
              allowDecimal={false}
              value={range.from_score}
              onChange={(v) => set(index, { from_score: typeof v === 'number' ? v : Number(v) || 0 })}
              error={error('from_score')}
              disabled={disabled}
              data-testid={`${testId}-from-${index}`}
            />
            <NumberInput
              label={label('to')}
              w={90}
              min={0}
              max={100}
              allowDecimal={false}
              value={range.to_score}
              onChange={(v) => set(index, { to_score: typeof v === 'number' ? v : Number(v) || 0 })}
              error={error('to_score')}
              disabled={disabled}
              data-testid={`${testId}-to-${index}`}
            />
            <TextInput
              label={label('category')}
              style={{ flex: '1 1 160px' }}
              maxLength={50}
              value={range.category}
              onChange={(e) => set(index, { category: e.currentTarget.value })}
              error={error('category')}
              disabled={disabled}
              data-testid={`${testId}-category-${index}`}
            />
            <ColorInput
              label={label('color')}
              w={150}
              format="hex"
              // Typed or picked from swatches; a colour that is not one is shown as an error, never
              // silently put back on blur (which also lost a pasted value).
              fixOnBlur={false}
              withPicker={false}
              swatches={SWATCHES}
              swatchesPerRow={8}
              withEyeDropper={false}
              value={range.color}
              onChange={(color) => set(index, { color })}
              error={error('color')}
              disabled={disabled}
              data-testid={`${testId}-color-${index}`}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              size="lg"
              aria-label={t('features.ranges.remove', { category: range.category || index + 1 })}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
              disabled={disabled || value.length <= 1}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        );
      })}
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={add}
          disabled={disabled || value.length >= SCORE_RANGE_LIMITS.maxRanges}
        >
          {t('features.ranges.add')}
        </Button>
      </Group>
    </Stack>
  );
}
