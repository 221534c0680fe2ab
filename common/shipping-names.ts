// The couriers' names as shoppers know them: apart from common/shipping.ts, so pages carry only this.
export const shippingCourierNames = {
  jne: "JNE",
  jnt: "J&T Express",
  sicepat: "SiCepat",
  anteraja: "AnterAja",
  pos: "Pos Indonesia",
} as const;
