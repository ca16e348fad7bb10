import { Anchor, Stack } from '@mantine/core';
import type { TForumPost } from '@portal/contract';
import { IconFileTypePdf } from '@tabler/icons-react';
import { de } from '../../../i18n/de';
import classes from './forums.module.css';

/**
 * A post's attachments: image thumbnails that open the full picture in a new tab, and file links named
 * by the original file name. The signed file route serves PDFs inline without that name, so the link
 * asks the browser to save the file under it (`download`).
 */
export function PostAttachments({ post }: { post: TForumPost }) {
  const images = post.forumPostMediaImages;
  const files = post.forumPostMediaFiles;
  if (images.length === 0 && files.length === 0) return null;
  return (
    <Stack gap="xs">
      {images.length > 0 && (
        <ul className={classes.thumbs} aria-label={de.forums.images} style={{ margin: 0, padding: 0 }}>
          {images.map((image) => (
            <li key={image.id} style={{ listStyle: 'none' }}>
              <a
                href={image.filePath}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.thumbLink}
                aria-label={de.forums.openImage(image.originalFilename)}
                title={image.originalFilename}
              >
                <img
                  src={image.fileThumbnailPath ?? image.filePath}
                  alt={image.originalFilename}
                  className={classes.thumb}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul aria-label={de.forums.files} style={{ margin: 0, padding: 0 }}>
          {files.map((file) => (
            <li key={file.id} style={{ listStyle: 'none' }}>
              <Anchor
                href={file.filePath}
                download={file.originalFilename}
                size="sm"
                className={classes.fileLink}
                title={de.forums.downloadFile(file.originalFilename)}
              >
                <IconFileTypePdf size={18} aria-hidden />
                {file.originalFilename}
              </Anchor>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
