/**
 * Mantine styles of the frame and its screens, after those of the first load (styles.ts): imported by the
 * frame and by the overlay hosts, whichever loads first. The dialogs', sheets' and banners' own come with
 * them (components/overlay/overlay-styles.ts).
 */
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/NavLink.css';
