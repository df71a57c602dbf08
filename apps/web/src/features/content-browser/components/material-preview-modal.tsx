import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { MaterialItem } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentLanguageSelect } from '../../../components/content-language-select.tsx';
import { languageName } from '../../../lib/language-name.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';

const IMAGE_FILE = /\.(svg|png|jpe?g|webp|gif)$/i;

/** The language a material opens in: the interface's when it has it, else English, else its first. */
function initialLanguage(material: MaterialItem, uiLanguage: string): string {
  const base = uiLanguage.split('-')[0] ?? uiLanguage;
  return [uiLanguage, base, 'en'].find((l) => material.files[l]) ?? material.languages[0] ?? 'en';
}

function MaterialPreview({ material }: { material: MaterialItem }) {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState(() => initialLanguage(material, i18n.language));
  const file = material.files[language];
  // The file itself is shown when it is an image (posters); otherwise the material's picture.
  const preview = file && IMAGE_FILE.test(file) ? file : material.image;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {material.description}
      </Text>
      <Image src={preview} alt={material.title} radius="md" mah="60vh" fit="contain" bg="gray.1" />
      <Group justify="space-between" align="flex-end" gap="sm">
        <ContentLanguageSelect languages={material.languages} value={language} onChange={setLanguage} />
        {file && (
          <Button
            component="a"
            href={file}
            download
            leftSection={<IconDownload size={18} />}
            data-testid="material-download"
          >
            {t('contentBrowser.download', { language: languageName(language, i18n.language) })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

interface MaterialPreviewModalProps {
  material: MaterialItem | null;
  onClose: () => void;
}

/** A material's picture with a language choice and the download of that language's file. */
export function MaterialPreviewModal({ material, onClose }: MaterialPreviewModalProps) {
  const phone = useIsPhone();
  return (
    <Modal opened={material !== null} onClose={onClose} size="lg" fullScreen={phone} title={material?.title}>
      {material && <MaterialPreview key={material.id} material={material} />}
    </Modal>
  );
}
