import { Group, Text } from '@mantine/core';

/** The Tally mark: the app icon's white T on blue. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="#1c7ed6" />
      <path d="M8 8h16v4.5h-5.75V25h-4.5V12.5H8z" fill="#fff" />
    </svg>
  );
}

export function Logo({ size = 28, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={size} />
      {withName && (
        <Text fw={700} fz={Math.round(size * 0.7)} lh={1}>
          Tally
        </Text>
      )}
    </Group>
  );
}
