/** Whether a box that scrolls sideways has more to show on either side (issue 31: phone tables say so). */
export interface SideEdges {
  left: boolean;
  right: boolean;
}

/** A pixel of rounding (zoomed screens report fractions) does not count as more. */
const SLACK_PX = 1;

export function sideEdges(box: { scrollLeft: number; scrollWidth: number; clientWidth: number }): SideEdges {
  const hidden = box.scrollWidth - box.clientWidth;
  return {
    left: hidden > SLACK_PX && box.scrollLeft > SLACK_PX,
    right: hidden > SLACK_PX && box.scrollLeft < hidden - SLACK_PX,
  };
}
