/**
 * Pakistan's cities and district towns, suggested as the city is typed (a native datalist drawn
 * into the page's HTML, so no JavaScript carries it). A suggestion only: a town not listed is
 * still a city the address rule accepts. Largest first, then the district headquarters.
 */
export const PK_CITIES = [
  'Karachi', 'Lahore', 'Faisalabad', 'Rawalpindi', 'Gujranwala', 'Peshawar', 'Multan', 'Hyderabad', 'Islamabad', 'Quetta',
  'Bahawalpur', 'Sargodha', 'Sialkot', 'Sukkur', 'Larkana', 'Rahim Yar Khan', 'Sheikhupura', 'Jhang', 'Dera Ghazi Khan', 'Gujrat',
  'Sahiwal', 'Wah Cantonment', 'Mardan', 'Kasur', 'Okara', 'Mingora', 'Nawabshah', 'Chiniot', 'Kotri', 'Kamoke',
  'Hafizabad', 'Sadiqabad', 'Mirpur Khas', 'Burewala', 'Kohat', 'Khanewal', 'Dera Ismail Khan', 'Turbat', 'Muzaffargarh', 'Abbottabad',
  'Mandi Bahauddin', 'Shikarpur', 'Jacobabad', 'Jhelum', 'Khanpur', 'Khairpur', 'Khuzdar', 'Pakpattan', 'Hub', 'Daska',
  'Gojra', 'Dadu', 'Muridke', 'Bahawalnagar', 'Samundri', 'Tando Allahyar', 'Tando Adam', 'Jaranwala', 'Chishtian', 'Muzaffarabad',
  'Attock', 'Vehari', 'Kot Abdul Malik', 'Ferozewala', 'Chakwal', 'Gujranwala Cantonment', 'Kamalia', 'Umerkot', 'Ahmedpur East', 'Kot Addu',
  'Wazirabad', 'Mansehra', 'Layyah', 'Mirpur', 'Swabi', 'Chaman', 'Taxila', 'Nowshera', 'Khushab', 'Shahdadkot',
  'Mianwali', 'Jauharabad', 'Lodhran', 'Hasilpur', 'Charsadda', 'Bannu', 'Arifwala', 'Ghotki', 'Badin', 'Thatta',
  'Narowal', 'Gwadar', 'Sibi', 'Zhob', 'Loralai', 'Kharan', 'Panjgur', 'Nushki', 'Mastung', 'Kalat',
  'Gilgit', 'Skardu', 'Hunza', 'Chilas', 'Ghanche', 'Bagh', 'Kotli', 'Rawalakot', 'Bhimber', 'Pallandri',
  'Haripur', 'Swat', 'Battagram', 'Chitral', 'Dir', 'Timergara', 'Buner', 'Malakand', 'Batkhela', 'Karak',
  'Lakki Marwat', 'Tank', 'Hangu', 'Parachinar', 'Landi Kotal', 'Bhakkar', 'Toba Tek Singh', 'Nankana Sahib', 'Pindi Bhattian', 'Rajanpur',
  'Murree', 'Hasan Abdal', 'Fateh Jang', 'Pattoki', 'Depalpur', 'Shujabad', 'Jampur', 'Kandhkot', 'Kashmore', 'Matiari',
  'Jamshoro', 'Sanghar', 'Naushahro Feroze', 'Tando Muhammad Khan', 'Sujawal', 'Mithi', 'Mirpur Mathelo', 'Qambar', 'Dera Murad Jamali', 'Usta Muhammad',
] as const;
