import type { Localized } from "#common/locales.ts";

const L = (ind: string, en: string, zh: string): Localized => ({ ind, en, zh });

/**
 * The FAQ facts of the seed (7-day returns, free unless the shopper changed their mind, as the return postage
 * settings' defaults have it; 15-day replacement; 2 to 7 business days), and a few more.
 */
export const seedFaqs: { question: Localized; answer: Localized }[] = [
  {
    question: L("Apakah saya bisa mengembalikan barang?", "Can I return a product?", "可以退货吗？"),
    answer: L(
      "Bisa. Setiap produk dapat dikembalikan dalam 7 hari setelah barang diterima, gratis jika barang salah, rusak atau tidak sesuai deskripsi. Penjual wajib menyetujui pengembalian; Pasar mengirim kurir untuk paketnya dan mengembalikan uang Anda begitu barang tiba. Jika Anda hanya berubah pikiran, ongkir pengembaliannya dipotong dari pengembalian dana.",
      "Yes. Every product can be returned within 7 days of receiving it, free of charge if it is wrong, damaged or not as described. The seller must approve the return; Pasar books the courier for the parcel and refunds you once the goods arrive. If you simply changed your mind, the return postage comes off the refund.",
      "可以。所有商品在签收后 7 天内均可退货;如商品错发、损坏或与描述不符,退货免费。卖家须同意退货;Pasar 为包裹安排快递,货物送达后即退款给您。如果只是改变主意,退货运费将从退款中扣除。",
    ),
  },
  {
    question: L(
      "Bagaimana jika barang rusak atau tidak berfungsi?",
      "What if a product is damaged or does not work?",
      "商品损坏或无法使用怎么办？",
    ),
    answer: L(
      "Kami memberikan jaminan penggantian 15 hari: jika barang rusak atau cacat dalam 15 hari setelah diterima, kami menggantinya dengan yang baru tanpa biaya.",
      "We give a 15-day replacement guarantee: if a product is damaged or faulty within 15 days of receiving it, we replace it with a new one at no cost.",
      "我们提供 15 天换新保障：签收后 15 天内如商品损坏或有质量问题，我们免费为您换新。",
    ),
  },
  {
    question: L("Berapa lama pengiriman?", "How long does delivery take?", "配送需要多长时间？"),
    answer: L(
      "Pesanan dikirim dalam 2 sampai 7 hari kerja, tergantung alamat Anda. Setiap pesanan yang dikirim menampilkan nomor resinya.",
      "Orders arrive in 2 to 7 business days, depending on your address. Every shipped order shows its tracking number.",
      "订单将在 2 至 7 个工作日内送达，具体取决于您的地址。每个已发货订单都会显示运单号。",
    ),
  },
  {
    question: L(
      "Kode verifikasi tidak masuk. Apa yang harus saya lakukan?",
      "I did not receive my verification code. What should I do?",
      "收不到验证码怎么办？",
    ),
    answer: L(
      "Periksa folder spam email Anda atau pastikan nomor HP Anda benar. Anda bisa meminta kode baru setelah 60 detik. Kode berlaku 5 menit. Jangan pernah memberikan kode kepada siapa pun.",
      "Check your email's spam folder, or that your mobile number is right. You can ask for a new code after 60 seconds. A code is valid for 5 minutes. Never give your code to anyone.",
      "请检查邮箱的垃圾邮件文件夹，或确认手机号正确。60 秒后可重新获取验证码，验证码 5 分钟内有效。请勿将验证码告诉任何人。",
    ),
  },
  {
    question: L(
      "Siapa yang menjual produk di Pasar?",
      "Who sells the products on Pasar?",
      "Pasar 上的商品由谁销售？",
    ),
    answer: L(
      "Toko-toko di Pasar menjual produk dari katalog pasokan Pasar dengan harga mereka sendiri. Pasar mengirim setiap pesanan atas nama toko, sehingga kualitas dan pengiriman sama di semua toko.",
      "The stores on Pasar sell products from Pasar's supply catalogue at their own prices. Pasar ships every order in the store's name, so quality and delivery are the same in every store.",
      "Pasar 上的店铺以各自的价格销售 Pasar 供货目录中的商品。所有订单均由 Pasar 以店铺名义发货，因此各店铺的品质和配送一致。",
    ),
  },
];
