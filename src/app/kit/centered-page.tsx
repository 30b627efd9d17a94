import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Title } from '@mantine/core';
import { Logo } from './logo';

interface CenteredPageProps {
  title: ReactNode;
  children: ReactNode;
  /** Top-right corner, e.g. the language menu. */
  corner?: ReactNode;
  width?: number;
}

/** The frame of the pages outside the shell: sign-in, password reset, 403 and 404. */
export function CenteredPage({ title, children, corner, width = 420 }: CenteredPageProps) {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" p="md">
      <Group justify="space-between" mb="xl">
        <Logo />
        {corner}
      </Group>
      <Center>
        <Paper component="main" withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={width}>
          <Stack gap="md">
            <Title order={1} fz="h2">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
