/**
 * Mantine styles of the first load: what the login screen, the loading indicator and the error page use,
 * imported per component to keep it small (order matters: global styles first, then components after the
 * components they build on). The components of the frame come with it (frame-styles.ts, issue 19), the
 * dialogs', sheets' and banners' with them (components/overlay/overlay-styles.ts). A screen that uses
 * another Mantine component imports its stylesheet in its own chunk, or adds it to frame-styles.ts.
 * Mantine's default CSS variables are written by MantineProvider (app.tsx), not loaded from
 * default-css-variables.css.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
// Before Text.css, whose text-wrap lets a long breadcrumb wrap on a phone.
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import './global.css';
