import type { ReactNode } from 'react';
import { Button, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { CenteredPage } from '../../kit/centered-page';

export function StatusPage({ code, title, children }: { code: string; title: ReactNode; children: ReactNode }) {
  return (
    <CenteredPage title={title}>
      <Text fz={56} fw={800} c="blue.2" lh={1} aria-hidden>
        {code}
      </Text>
      <Text>{children}</Text>
      <Button component={Link} to="/home" leftSection={<IconHome size={18} aria-hidden />}>
        <Trans>Home</Trans>
      </Button>
    </CenteredPage>
  );
}
