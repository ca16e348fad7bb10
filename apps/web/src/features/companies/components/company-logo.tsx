import { IconBuilding } from '@tabler/icons-react';
import classes from './companies.module.css';

interface CompanyLogoProps {
  logo: string | null;
  /** The logo's text alternative; '' where the company's name stands beside it. */
  alt: string;
  large?: boolean;
}

/** The company's logo, or a neutral building where it has none. */
export function CompanyLogo({ logo, alt, large = false }: CompanyLogoProps) {
  const className = large ? `${classes.logo} ${classes.logoLarge}` : classes.logo;
  return (
    <div className={className}>
      {logo ? (
        <img src={logo} alt={alt} loading="lazy" />
      ) : (
        <IconBuilding size={large ? 56 : 32} stroke={1.4} className={classes.placeholder} aria-hidden />
      )}
    </div>
  );
}
