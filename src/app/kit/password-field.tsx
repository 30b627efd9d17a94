import { useState } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/**
 * A password input whose show/hide toggle has a spoken name. The name avoids the word
 * "password" so that the field stays the only match for its label (getByLabel('Password')).
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ 'aria-label': visible ? t`Hide characters` : t`Show characters` }}
    />
  );
}
