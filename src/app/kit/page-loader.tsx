import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** Shown while a screen's code or its session data loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useLingui();
  return (
    <Center mih={fullScreen ? '100dvh' : 240} role="status" aria-label={t`Loading`}>
      <Loader />
    </Center>
  );
}
